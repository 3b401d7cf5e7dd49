export { ReceiptTable } from "../../components/ReceiptTable.tsx";
