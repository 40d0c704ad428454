/**
 * The hosted page of the local payment gateway: plain server-rendered HTML
 * (no script, a same-origin stylesheet, so it passes the site's strict CSP).
 *   GET  /pay/local/<id>?t=<token>          the payment, with Pay and Cancel buttons while pending
 *   POST /pay/local/<id>/confirm  (form t)  pays, notifies the platform, shows the result
 *   POST /pay/local/<id>/cancel   (form t)  cancels, notifies the platform
 *   POST /pay/local/<id>/notify   (form t)  sends the notification again
 *   GET  /pay/local/page.css
 * A wrong or missing token gets 404 (the platform's JSON failure envelope, like
 * every 4xx of the server); decisions answer 303 to the page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorCodes } from '../../../../contract/error-codes.ts';
import type { Database } from '../../../db/connect.ts';
import type { LocalGatewayPaymentRow } from '../../../db/schema-wallet.ts';
import { AppError } from '../../../http/app-error.ts';
import { type LocalGateway, localPagePrefix } from './local-gateway.ts';

const texts = {
  EN: {
    title: 'Secure payment',
    gateway: 'Local payment gateway',
    order: 'Order',
    amount: 'Amount',
    status: 'Status',
    pending: 'Waiting for your confirmation',
    paid: 'Paid',
    cancelled: 'Cancelled',
    pay: 'Pay now',
    cancel: 'Cancel payment',
    notify: 'Send the notification again',
    notified: 'The merchant has been notified.',
    notNotified: 'The merchant could not be notified yet. Please send the notification again.',
    back: 'Return to the merchant',
  },
  CN: {
    title: '安全支付',
    gateway: '本地支付网关',
    order: '订单号',
    amount: '金额',
    status: '状态',
    pending: '等待您确认',
    paid: '已支付',
    cancelled: '已取消',
    pay: '立即支付',
    cancel: '取消支付',
    notify: '重新发送通知',
    notified: '已通知商户。',
    notNotified: '暂未能通知商户，请重新发送通知。',
    back: '返回商户',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

const css = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1420;color:#e8ecf4}
main{max-width:420px;margin:0 auto;padding:32px 20px}h1{font-size:22px;margin:0 0 4px}.sub{color:#8e99b3;margin:0 0 24px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;background:#182033;border-radius:12px;padding:16px;margin:0 0 24px}
dt{color:#8e99b3}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;word-break:break-all}.amount{font-size:20px;font-weight:700}
form{margin:0 0 12px}button,a.button{display:block;width:100%;padding:14px;border:0;border-radius:10px;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
a.button{margin:0 0 12px}.primary{background:#f5b301;color:#1b1300}.secondary{background:#273149;color:#e8ecf4}.note{color:#8e99b3;font-size:14px}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function formatAmount(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const major = Math.floor(abs / 100).toLocaleString('en-US');
  return `${currency} ${sign}${major}.${String(abs % 100).padStart(2, '0')}`;
}

function page(t: Texts, lang: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'CN' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title><link rel="stylesheet" href="${localPagePrefix}/page.css"></head>
<body><main>${body}</main></body></html>`;
}

function paymentPage(t: Texts, lang: string, p: LocalGatewayPaymentRow, token: string, notice: string | null): string {
  const action = (verb: string) => `${localPagePrefix}/${p.id}/${verb}?lang=${lang}`;
  const hidden = `<input type="hidden" name="t" value="${escapeHtml(token)}">`;
  const buttons =
    p.status === 'pending'
      ? `<form method="post" action="${action('confirm')}">${hidden}<button class="primary" type="submit">${t.pay}</button></form>
<form method="post" action="${action('cancel')}">${hidden}<button class="secondary" type="submit">${t.cancel}</button></form>`
      : `${notice ? `<p class="note" role="status">${notice}</p>` : ''}
<a class="button primary" href="${escapeHtml(p.returnUrl)}">${t.back}</a>
<form method="post" action="${action('notify')}">${hidden}<button class="secondary" type="submit">${t.notify}</button></form>`;
  return page(
    t,
    lang,
    `<h1>${t.title}</h1><p class="sub">${t.gateway}</p>
<dl><dt>${t.order}</dt><dd>${escapeHtml(p.orderNo)}</dd>
<dt>${t.amount}</dt><dd class="amount">${escapeHtml(formatAmount(p.amount, p.currencyCode))}</dd>
<dt>${t.status}</dt><dd>${t[p.status]}</dd></dl>${buttons}`,
  );
}

export function registerLocalGatewayRoutes(app: FastifyInstance, db: Database, gateway: LocalGateway): void {
  const langOf = (q: unknown) => ((q as { lang?: unknown })?.lang === 'CN' ? 'CN' : 'EN');
  const tokenOf = (src: unknown) => {
    const t = (src as { t?: unknown } | undefined)?.t;
    return typeof t === 'string' ? t : '';
  };
  const html = (reply: FastifyReply, status: number, text: string) =>
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(text);
  const notFound = () => new AppError(404, errorCodes.depositNotFound, 'This payment link is not valid.');

  app.get(`${localPagePrefix}/page.css`, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(css),
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(`${localPagePrefix}/:id`, async (request, reply) => {
    const lang = langOf(request.query);
    const token = tokenOf(request.query);
    const payment = await gateway.open(db, request.params.id, token);
    if (!payment) throw notFound();
    const n = (request.query as { n?: unknown }).n;
    const notice = n === '1' ? texts[lang].notified : n === '0' ? texts[lang].notNotified : null;
    return html(reply, 200, paymentPage(texts[lang], lang, payment, token, notice));
  });

  for (const verb of ['confirm', 'cancel', 'notify'] as const) {
    app.post<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      `${localPagePrefix}/:id/${verb}`,
      async (request, reply) => {
        const lang = langOf(request.query);
        const token = tokenOf(request.body);
        const payment = await gateway.open(db, request.params.id, token);
        if (!payment) throw notFound();
        let notified = false;
        if (verb === 'notify') {
          notified = payment.status !== 'pending' && (await gateway.notify(payment));
        } else {
          notified = (await gateway.decide(db, payment, verb === 'confirm' ? 'paid' : 'cancelled')).notified;
        }
        const target = `${localPagePrefix}/${payment.id}?t=${encodeURIComponent(token)}&lang=${lang}&n=${notified ? 1 : 0}`;
        return reply.status(303).header('location', target).send();
      },
    );
  }
}
