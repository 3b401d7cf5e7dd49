export default function EventsPage() {
  return (
    <div className="page">
      <h1>EventsPage</h1>
    </div>
  );
}
