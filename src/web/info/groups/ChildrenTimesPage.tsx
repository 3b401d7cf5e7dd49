import { Link } from "react-router";
import { TimesTable } from "./TimesTable.tsx";

export default function ChildrenTimesPage() {
  return (
    <>
      <h2>Treningstider</h2>
      <p>
        Barnepartiet trener to kvelder i uka i sin egen gruppe, og alle barna trener sammen på lørdager. Instruktøren forteller hvilken gruppe barnet
        ditt hører til.
      </p>
      <TimesTable section="barn" caption="Treningstider for barnepartiet" />
      <p>
        Se også <Link to="/treningstider">alle treningstidene i klubben</Link>.
      </p>
    </>
  );
}
