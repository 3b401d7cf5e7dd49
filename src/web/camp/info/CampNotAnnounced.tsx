/** What the camp pages say between camps: the last one is over and the club has not announced the next. */
export function CampNotAnnounced() {
  return (
    <div className="notice" data-testid="camp-not-announced">
      <p>
        <strong>Neste vinterleir er ikke kunngjort ennå.</strong> Når datoene er bestemt, finner du program, priser og påmelding her.
      </p>
    </div>
  );
}
