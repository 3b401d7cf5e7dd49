export { LoadProblem } from "../../components/LoadProblem.tsx";
