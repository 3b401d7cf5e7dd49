import { Link } from "react-router";

export default function TaekwondoPage() {
  return (
    <>
      <h1>Om taekwondo</h1>
      <p className="lead">
        Taekwondo er en koreansk kampkunst som trener kropp og hode på samme tid. Den er kjent for høye, raske spark, men handler om mye mer enn det.
      </p>

      <h2>Hånd, fot og veien å gå</h2>
      <p>
        Navnet sier mye: <i lang="ko">tae</i> betyr fot eller å sparke, <i lang="ko">kwon</i> betyr hånd eller knyttneve, og <i lang="ko">do</i> betyr
        vei. Taekwondo er altså kunsten å bruke hender og føtter – og en måte å leve på, der det du lærer på matta, også gjelder utenfor
        treningslokalet.
      </p>

      <h2>Hva trener vi på?</h2>
      <ul className="fact-list">
        <li>
          <strong>Grunnteknikker:</strong> stillinger, slag, blokker og ikke minst spark – rette, runde, sidelengs og bakover.
        </li>
        <li>
          <strong>Poomsae:</strong> faste mønstre av teknikker mot tenkte motstandere. De lærer deg balanse, presisjon og kontroll, og er en viktig
          del av hver gradering.
        </li>
        <li>
          <strong>Sparring:</strong> kamp med en partner etter faste regler og med beskyttelsesutstyr. Her lærer du avstand, timing og å holde hodet
          kaldt.
        </li>
        <li>
          <strong>Selvforsvar:</strong> enkle, effektive teknikker for å komme seg løs og ut av farlige situasjoner – og ikke minst å unngå dem.
        </li>
      </ul>

      <h2>Respekt og disiplin</h2>
      <p>
        I taekwondo bukker vi for hverandre og for instruktøren, og vi viser hensyn til alle på matta, uansett alder og belte. Treningen krever
        konsentrasjon og tålmodighet, og mange opplever at selvtilliten og selvdisiplinen vokser i takt med ferdighetene.
      </p>

      <h2>Fra hvitt til sort belte</h2>
      <p>
        Beltet viser hvor langt du har kommet. Alle begynner med hvitt belte og 10. cup. Gjennom graderinger klatrer du gradvis oppover, gjennom flere
        farger, til 1. cup. Neste steg er sort belte og 1. dan – og dan-gradene går helt opp til 9. dan for de aller mest erfarne mestrene.
      </p>
      <p>
        Vil du vite mer om hva som kreves til hver grad, finner du det under <Link to="/teori/pensum">Pensum</Link>.
      </p>
    </>
  );
}
