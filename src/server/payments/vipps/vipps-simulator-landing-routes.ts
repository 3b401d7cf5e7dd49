/**
 * The simulator's payer page, as Vipps's own: `GET /vipps-sim/landing?reference=…&token=…` (the redirectUrl
 * the payment was created with) shows the payment with buttons to approve, abort or let it expire. Like at
 * Vipps, only the holder of that link can act on the payment: the page and every action need the payment's
 * own token, compared in constant time; its forms carry it in a hidden field.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { escapeHtml } from "../../mail/escape-html.ts";
import { SimError } from "./vipps-simulator-problems.ts";
import type { SimPayment } from "./vipps-simulator-types.ts";
import type { VippsSimulator } from "./vipps-simulator.ts";

const landingActions = ["approve", "abort", "expire"] as const;

const landingCss = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f1fb;color:#1a1a1a}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{color:#5a2fc2;font-size:1.5rem}.note{font-size:.9rem;color:#444}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
form{margin:.75rem 0}button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:2px solid #5a2fc2;background:#fff;color:#5a2fc2;cursor:pointer;min-width:14rem}
form:first-of-type button{background:#5a2fc2;color:#fff}button:focus-visible{outline:3px solid #ff5b24;outline-offset:2px}
`;

function actionForm(action: (typeof landingActions)[number], payment: SimPayment, label: string) {
  return `<form method="post" action="/vipps-sim/landing/${action}"><input type="hidden" name="reference" value="${escapeHtml(payment.reference)}"><input type="hidden" name="token" value="${escapeHtml(payment.token)}"><button type="submit">${label}</button></form>`;
}

function kroner(ore: number): string {
  return (ore / 100).toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The page for a payment whose link was right, or (payment undefined) the refusal for any other link. */
function landingPage(payment: SimPayment | undefined, message?: string): { status: number; html: string } {
  const amount = payment ? (payment.amount.value / 100).toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : "";
  // A wrong link says nothing about whether the reference exists.
  const body = !payment
    ? `<p role="alert">Lenken til betalingen er ugyldig. Åpne betalingen fra butikken på nytt.</p>`
    : `<dl>
  <dt>Beløp</dt><dd id="amount">kr ${escapeHtml(amount)}</dd>
  <dt>Beskrivelse</dt><dd id="description">${escapeHtml(payment.paymentDescription)}</dd>
  <dt>Referanse</dt><dd>${escapeHtml(payment.reference)}</dd>
  <dt>Status</dt><dd id="state">${escapeHtml(payment.state)}</dd>
  <dt>Trukket</dt><dd id="captured">kr ${escapeHtml(kroner(payment.aggregate.capturedAmount.value))}</dd>
  <dt>Refundert</dt><dd id="refunded">kr ${escapeHtml(kroner(payment.aggregate.refundedAmount.value))}</dd>
</dl>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
${
  payment.state === "CREATED"
    ? [
        actionForm("approve", payment, "Godkjenn betalingen"),
        actionForm("abort", payment, "Avbryt"),
        actionForm("expire", payment, "La betalingen gå ut på tid (simulator)"),
      ].join("\n")
    : payment.returnUrl
      ? `<p><a href="${escapeHtml(payment.returnUrl)}">Tilbake til butikken</a></p>`
      : ""
}`;
  return {
    status: payment ? 200 : 403,
    html: `<!doctype html>
<html lang="nb">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vipps-simulator – betaling</title><link rel="stylesheet" href="/vipps-sim/landing.css"></head>
<body><main>
<h1>Vipps-simulator</h1>
<p class="note">Dette er ikke Vipps. Ingen penger flyttes: siden etterligner Vipps sin betalingsside for utvikling og test.</p>
${body}
</main></body>
</html>`,
  };
}

/** The landing routes inside the simulator's /vipps-sim scope. */
export function registerLandingRoutes(scope: FastifyInstance, sim: VippsSimulator) {
  scope.get("/landing.css", (_request, reply) => reply.type("text/css; charset=utf-8").send(landingCss));

  const sendLanding = (reply: FastifyReply, payment: SimPayment | undefined, message?: string) => {
    const page = landingPage(payment, message);
    const formTargets = ["'self'", ...(payment?.returnUrl ? [new URL(payment.returnUrl).origin] : [])].join(" ");
    return reply
      .code(page.status)
      .header("content-security-policy", `default-src 'none'; style-src 'self'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`)
      .type("text/html; charset=utf-8")
      .send(page.html);
  };

  scope.get<{ Querystring: { reference?: unknown; token?: unknown } }>("/landing", (request, reply) =>
    sendLanding(reply, sim.paymentForLink(request.query.reference, request.query.token)),
  );
  for (const action of landingActions) {
    scope.post(`/landing/${action}`, (request, reply) => {
      const form = request.body as { reference?: unknown; token?: unknown } | undefined;
      const payment = sim.paymentForLink(form?.reference, form?.token);
      if (!payment) return sendLanding(reply, undefined);
      try {
        sim[action](payment.reference);
      } catch (error) {
        if (error instanceof SimError) return sendLanding(reply, payment, "Betalingen kan ikke endres lenger.");
        throw error;
      }
      return payment.returnUrl ? reply.redirect(payment.returnUrl, 303) : sendLanding(reply, payment);
    });
  }
}
