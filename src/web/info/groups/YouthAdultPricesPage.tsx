export default function YouthAdultPricesPage() {
  return (
    <div className="page">
      <h1>YouthAdultPricesPage</h1>
    </div>
  );
}
