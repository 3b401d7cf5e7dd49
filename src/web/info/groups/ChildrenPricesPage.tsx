export default function ChildrenPricesPage() {
  return (
    <div className="page">
      <h1>ChildrenPricesPage</h1>
    </div>
  );
}
