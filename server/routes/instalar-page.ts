// The install page's HTML (GET /instalar): server-rendered, no script (it passes the app's CSP as it is),
// no patient data. QR codes are SVG drawn here by `qrcode`, so the PWA's bundle carries nothing of it.
import type { DeviceAddress } from '../tls/https-support'

export interface InstallPageData {
  /** 'auto': the local authority must be trusted first; 'files': a real certificate; 'proxy': HTTPS by a reverse proxy; 'off': no HTTPS. */
  mode: 'auto' | 'files' | 'proxy' | 'off'
  appAddresses: DeviceAddress[]
  installPageUrl?: string
  announcedName?: string
  authority?: { sha256: string; commonName: string }
  /** This computer's own address (plain HTTP on localhost). */
  localUrl?: string
}

export const CA_DOWNLOAD_PATH = '/instalar/clinica-ca.crt'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

async function qrFigure(url: string, caption: string): Promise<string> {
  // loaded with the first page, not at every start (docs/performance.md)
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
  // the caption names the figure; the drawing itself is decorative for a screen reader
  const drawing = svg.replace('<svg ', '<svg class="qr" aria-hidden="true" focusable="false" ')
  return `<figure>${drawing}<figcaption>${escapeHtml(caption)} <code class="endereco">${escapeHtml(url)}</code></figcaption></figure>`
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1d2733;line-height:1.5}
main{max-width:52rem;margin:0 auto;padding:1.5rem}
section{background:#fff;border:1px solid #d7dee6;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:0}
figure{display:inline-block;margin:.5rem 1rem .5rem 0;text-align:center;vertical-align:top}
figcaption{max-width:16rem;overflow-wrap:anywhere}
.qr{width:14rem;height:14rem;display:block;margin:0 auto}
.outros .qr{width:10rem;height:10rem}
code{font-size:1.05em;overflow-wrap:anywhere}
.digital{display:block;font-size:1.1em;letter-spacing:.02em;background:#eef2f6;padding:.5rem;border-radius:.25rem}
a.baixar{display:inline-block;background:#0b5cad;color:#fff;padding:.6rem 1rem;border-radius:.35rem;text-decoration:none;font-weight:600}
li{margin:.35rem 0}`

function appAddressSection(data: InstallPageData, figures: string[]): string {
  const [first, ...others] = data.appAddresses
  if (!first) return ''
  const numeric = others.filter((a) => a.kind === 'endereco')
  const whenNumeric =
    first.kind === 'nome' && numeric.length > 0
      ? `<p>Se o aparelho não abrir <code>${escapeHtml(first.url)}</code> — alguns Android e computadores com Windows não reconhecem nomes terminados em .local, e redes de visitantes os bloqueiam —, use o endereço numérico. Ele pode mudar quando o roteador der outro endereço a este computador: peça ao técnico para reservar um endereço fixo para ele no roteador, senão o app instalado deixa de abrir.</p>`
      : ''
  return `<section aria-labelledby="s-endereco"><h2 id="s-endereco">Endereço do aplicativo</h2>
<p>Abra este endereço no navegador do tablet ou do celular, conectado à mesma rede (Wi-Fi) deste computador:</p>
${figures[0] ?? ''}
${others.length > 0 ? `<div class="outros"><p>Outros endereços deste computador:</p>${figures.slice(1).join('')}</div>` : ''}
${whenNumeric}</section>`
}

function androidSteps(data: InstallPageData, app: string): string {
  const trust =
    data.mode === 'auto'
      ? `<li>Toque em <strong>Baixar o certificado da clínica</strong> (acima).</li>
<li>Abra <strong>Configurações → Segurança e privacidade → Mais configurações de segurança → Criptografia e credenciais → Instalar um certificado → Certificado CA</strong>. Os nomes mudam um pouco conforme o fabricante: procure por “certificado CA” na busca das Configurações.</li>
<li>Toque em <strong>Instalar assim mesmo</strong>, escolha <strong>clinica-ca.crt</strong> em Downloads e confirme com o bloqueio de tela do aparelho.</li>`
      : ''
  return `<section aria-labelledby="s-android"><h2 id="s-android">Android (Chrome)</h2><ol>
${trust}
<li>No Chrome, abra <code>${escapeHtml(app)}</code>.</li>
<li>Toque no menu <strong>⋮</strong> e em <strong>Instalar app</strong> (ou <strong>Adicionar à tela inicial</strong>).</li>
<li>Abra o app pelo ícone e entre com seu usuário uma vez com a conexão funcionando: a partir daí, a agenda de hoje continua aparecendo quando a conexão cair.</li>
</ol></section>`
}

function appleSteps(data: InstallPageData, app: string): string {
  const name = data.authority ? escapeHtml(data.authority.commonName) : ''
  const trust =
    data.mode === 'auto'
      ? `<li>No Safari, toque em <strong>Baixar o certificado da clínica</strong> (acima) e em <strong>Permitir</strong>.</li>
<li>Abra <strong>Ajustes → Perfil Transferido</strong> (ou <strong>Ajustes → Geral → VPN e Gerenciamento de Dispositivos</strong>), toque no perfil <strong>${name}</strong> e em <strong>Instalar</strong>; digite o código do aparelho.</li>
<li>Abra <strong>Ajustes → Geral → Sobre → Ajustes de Confiança de Certificados</strong> e ative a confiança total para <strong>${name}</strong>.</li>`
      : ''
  return `<section aria-labelledby="s-apple"><h2 id="s-apple">iPad e iPhone (Safari)</h2><ol>
${trust}
<li>No Safari, abra <code>${escapeHtml(app)}</code>.</li>
<li>Toque em <strong>Compartilhar</strong> (o quadrado com a seta) e em <strong>Adicionar à Tela de Início</strong>, depois em <strong>Adicionar</strong>.</li>
<li>Abra o app pela Tela de Início e entre com seu usuário uma vez com a conexão funcionando.</li>
</ol></section>`
}

function removeSection(data: InstallPageData): string {
  const name = data.authority ? `<strong>${escapeHtml(data.authority.commonName)}</strong>` : ''
  const certificate =
    data.mode === 'auto'
      ? `<li>Android: <strong>Configurações → Segurança e privacidade → Mais configurações de segurança → Criptografia e credenciais → Credenciais confiáveis → Usuário</strong>, toque em ${name} e em <strong>Remover</strong>.</li>
<li>iPad e iPhone: <strong>Ajustes → Geral → VPN e Gerenciamento de Dispositivos</strong>, toque no perfil ${name} e em <strong>Remover Perfil</strong>.</li>`
      : ''
  return `<section aria-labelledby="s-remover"><h2 id="s-remover">Como remover</h2><ul>
<li>O app: toque e segure o ícone e escolha <strong>Desinstalar</strong> (Android) ou <strong>Remover App</strong> (iPad e iPhone). Os dados salvos no aparelho são apagados com ele (<strong>Sair</strong>, no app, também os apaga).</li>
${certificate}
</ul></section>`
}

export async function renderInstallPage(data: InstallPageData): Promise<string> {
  let body: string
  if (data.mode === 'off') {
    body = `<section aria-labelledby="s-desligado"><h2 id="s-desligado">O acesso pela rede está desligado</h2>
<p>Um tablet ou celular só instala o app e o usa sem conexão através de uma conexão segura (HTTPS). Para ligá-la, reinicie o servidor com <code>HTTPS=auto</code> (por exemplo: <code>HTTPS=auto npm start</code>) e abra esta página de novo: ela mostrará o endereço, o código QR e o certificado para os aparelhos.</p>
<p>Neste computador, o endereço de sempre continua funcionando.</p></section>`
  } else {
    const app = data.appAddresses[0]?.url ?? ''
    const figures = await Promise.all(
      data.appAddresses.map((a, i) =>
        qrFigure(a.url, i === 0 ? 'Abra no aparelho:' : a.kind === 'nome' ? 'Pelo nome:' : 'Pelo endereço numérico:'),
      ),
    )
    const openHere = data.installPageUrl
      ? `<section aria-labelledby="s-pagina"><h2 id="s-pagina">1. Abra esta página no aparelho</h2>
<p>Aponte a câmera do tablet ou do celular para o código, ou digite o endereço no navegador (Chrome no Android, Safari no iPad e iPhone). O aparelho precisa estar na mesma rede (Wi-Fi) deste computador.</p>
${await qrFigure(data.installPageUrl, 'Esta página, para o aparelho:')}</section>`
      : ''
    const certificate =
      data.mode === 'auto' && data.authority
        ? `<section aria-labelledby="s-certificado"><h2 id="s-certificado">${data.installPageUrl ? '2. ' : ''}Certificado da clínica</h2>
<p>Cada aparelho precisa confiar, uma única vez, no certificado criado por este servidor. Ele só vale para os nomes deste computador e para endereços da rede local: não permite abrir nenhum outro site.</p>
<p><a class="baixar" href="${CA_DOWNLOAD_PATH}" download="clinica-ca.crt">Baixar o certificado da clínica</a></p>
<p>Antes de confiar nele, confira que a impressão digital SHA-256 mostrada nos detalhes do certificado, no aparelho, é igual a esta (se for diferente, não instale):</p>
<p><code class="digital" id="sha256">${escapeHtml(data.authority.sha256)}</code></p>
<p>No aparelho, ele aparece como <strong>${escapeHtml(data.authority.commonName)}</strong>.</p></section>`
        : ''
    body = `${openHere}${certificate}${appAddressSection(data, figures)}${androidSteps(data, app)}${appleSteps(data, app)}${removeSection(data)}`
  }
  const local = data.localUrl
    ? `<p>Neste computador, continue usando <code>${escapeHtml(data.localUrl)}</code>.</p>`
    : ''
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Instalar a Clínica nos tablets e celulares</title><style>${STYLE}</style></head>
<body><main><h1>Instalar a Clínica nos tablets e celulares</h1>
<p>O aplicativo da recepção funciona nos tablets e celulares da clínica pela rede local e continua mostrando a agenda de hoje quando a conexão cai.${data.announcedName ? ` Este computador se anuncia na rede como <code>${escapeHtml(data.announcedName)}</code>.` : ''}</p>
${local}
${body}
</main></body></html>`
}
