export default function TaegeukgiPage() {
  return (
    <div className="page">
      <h1>TaegeukgiPage</h1>
    </div>
  );
}
