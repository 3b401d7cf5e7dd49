export default function CampPricesPage() {
  return (
    <div className="page">
      <h1>CampPricesPage</h1>
    </div>
  );
}
