export default function SyllabusPage() {
  return (
    <div className="page">
      <h1>SyllabusPage</h1>
    </div>
  );
}
