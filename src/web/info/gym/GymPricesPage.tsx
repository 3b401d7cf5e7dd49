export default function GymPricesPage() {
  return (
    <div className="page">
      <h1>GymPricesPage</h1>
    </div>
  );
}
