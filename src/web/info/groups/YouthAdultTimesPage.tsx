import { Link } from "react-router";
import { TimesTable } from "./TimesTable.tsx";

export default function YouthAdultTimesPage() {
  return (
    <>
      <h2>Treningstider</h2>
      <p>
        Ungdom og voksne trener sammen to kvelder i uka. Har du rødt eller sort belte, har du i tillegg egne økter, og teknikktreningen er for deg som
        vil pusse på detaljene.
      </p>
      <TimesTable section="ungdomvoksen" caption="Treningstider for ungdom/voksenpartiet" />
      <p>
        Se også <Link to="/treningstider">alle treningstidene i klubben</Link>.
      </p>
    </>
  );
}
