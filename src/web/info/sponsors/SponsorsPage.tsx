export default function SponsorsPage() {
  return (
    <div className="page">
      <h1>SponsorsPage</h1>
    </div>
  );
}
