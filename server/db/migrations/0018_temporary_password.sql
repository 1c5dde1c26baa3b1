-- issue 34: a password 'Redefinir senha' gave is temporary; until the user changes it, the session check
-- refuses every call but the change itself, 'Sair' and /users/me (docs/decisions.md).
ALTER TABLE "users" ADD COLUMN "senha_temporaria" boolean DEFAULT false NOT NULL;
