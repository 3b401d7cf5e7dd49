export default function HomePage() {
  return (
    <div className="page">
      <h1>Ski Taekwondo Klubb</h1>
    </div>
  );
}
