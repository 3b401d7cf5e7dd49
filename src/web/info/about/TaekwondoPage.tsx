export default function TaekwondoPage() {
  return (
    <div className="page">
      <h1>TaekwondoPage</h1>
    </div>
  );
}
