export default function CampProgramPrintPage() {
  return (
    <div className="page">
      <h1>CampProgramPrintPage</h1>
    </div>
  );
}
