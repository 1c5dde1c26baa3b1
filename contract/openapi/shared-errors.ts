// Error sentences several calls answer alike (calls.ts, catalogue.ts), named once: a sentence added to one of
// these rules reaches every call that answers it.
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

type CallErrors = NonNullable<CallDoc['errors']>

/** A new password the rules refuse (registering a user, changing one's own). */
export const WEAK_PASSWORD = [messages.passwordRepeated, messages.passwordCommon, messages.passwordGuessable] as const

/** Too many failed sign-ins: of one e-mail from one address, of one address, of the whole clinic. */
export const LOGIN_THROTTLED = [
  messages.loginThrottled,
  messages.loginThrottledAddress,
  messages.loginThrottledGlobal,
] as const

/** ADMIN acting on another user's account: an unknown user, or their own account. */
export const OTHER_ACCOUNT_ERRORS: CallErrors = { 404: [messages.userNotFound], 409: [messages.ownAccountLocked] }

/** A report over a range of days. */
export const REPORT_RANGE_ERRORS: CallErrors = {
  400: [messages.reportRangeOrder, messages.reportRangeTooLong],
  403: [messages.reportStaffTodayOnly],
}

/** A price looked up or set for an exam in a convênio. */
export const PRICE_ERRORS: CallErrors = { 404: [messages.exameNotFound, messages.convenioNotFound] }
