import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../../shared/format.ts";

/**
 * What a registration or an order costs, what is paid and what is left, as a door card shows it (the camp's
 * door and the events'). The figures come from the ledger on the server.
 */
export function DoorMoney({ charged, paid, outstanding }: { charged: number; paid: number; outstanding: number }) {
  return (
    <dl className="checkin-money">
      <div>
        <dt>{ledgerFigureLabels.charged}</dt>
        <dd>{formatKroner(charged)}</dd>
      </div>
      <div>
        <dt>{ledgerFigureLabels.paid}</dt>
        <dd>{formatKroner(paid)}</dd>
      </div>
      <div className={outstanding > 0 ? "owing" : undefined}>
        <dt>{ledgerFigureLabels.outstanding}</dt>
        <dd>{formatKroner(outstanding)}</dd>
      </div>
    </dl>
  );
}
