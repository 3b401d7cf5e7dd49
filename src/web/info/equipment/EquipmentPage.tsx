export default function EquipmentPage() {
  return (
    <div className="page">
      <h1>EquipmentPage</h1>
    </div>
  );
}
