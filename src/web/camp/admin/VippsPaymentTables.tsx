// The registration's Vipps payments, and a group payment's shares, as Vipps and the money log report them.
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { formatKroner } from "../../../shared/format.ts";
import { paymentStateLabel, vippsStateLabel } from "../../../shared/camp/camp-state-labels.ts";

export function VippsPaymentTable({ payments }: { payments: CampPaymentDetails["payments"] }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Referanse</th>
          <th scope="col">Status hos Vipps</th>
          <th scope="col">Reservert</th>
          <th scope="col">Trukket</th>
          <th scope="col">Refundert</th>
          <th scope="col">Frigitt</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.reference}>
            <td>{payment.reference}</td>
            <td>
              {vippsStateLabel(payment.vippsState)} ({paymentStateLabel(payment.state)})
              {payment.pendingRefund ? `, refusjon ${formatKroner(payment.pendingRefund)} venter` : ""}
            </td>
            <td>{formatKroner(payment.authorized)}</td>
            <td>{formatKroner(payment.captured)}</td>
            <td>{formatKroner(payment.refunded)}</td>
            <td>{formatKroner(payment.cancelled)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A group paying once: the whole payment, then every athlete's share of it. */
export function VippsGroupShares({ group }: { group: NonNullable<CampPaymentDetails["group"]> }) {
  return (
    <div className="vipps-group">
      <p>
        Én betaling for gruppen: <strong>{group.reference}</strong>, {formatKroner(group.amount)} (trukket {formatKroner(group.captured)}, refundert{" "}
        {formatKroner(group.refunded)}). Tallene over er denne utøverens andel.
      </p>
      <table>
        <caption>Andeler</caption>
        <thead>
          <tr>
            <th scope="col">Utøver</th>
            <th scope="col">Ordre</th>
            <th scope="col">Andel</th>
            <th scope="col">Refundert</th>
          </tr>
        </thead>
        <tbody>
          {group.shares.map((share) => (
            <tr key={share.orderId}>
              <td>
                {share.name}
                {share.status === "cancelled" ? " (avbestilt)" : ""}
              </td>
              <td>{share.orderId}</td>
              <td>{formatKroner(share.amount)}</td>
              <td>{formatKroner(share.refunded)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
