import { Link } from "react-router";
import { syllabusLinks } from "../../../shared/club/club-facts.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";

export default function SyllabusPage() {
  return (
    <>
      <h2>Pensum til gradering</h2>
      <p className="lead">Pensum er det du skal kunne for å gradere til neste belte: teknikker, poomsae, sparring og litt teori.</p>
      <p>
        Alle begynner med hvitt belte og 10. cup. For hver gradering går du ett steg opp, gjennom beltefargene til 1. cup, og deretter videre til sort
        belte og 1. dan. Instruktøren følger deg opp på trening og sier fra når du er klar til å gradere. Det er også gradering på{" "}
        <Link to="/vinterleir">vinterleiren</Link>.
      </p>
      <p>Her finner du klubbens eget pensumhefte og TTUs oversikter over kravene til cup- og dan-gradene.</p>
      <p className="button-row syllabus-buttons">
        <a className="button" href={syllabusLinks.clubPdf}>
          Klubbens pensum (PDF)
        </a>
        <ExternalLink className="button" href={syllabusLinks.cup}>
          TTUs cup-pensum
        </ExternalLink>
        <ExternalLink className="button" href={syllabusLinks.dan}>
          TTUs dan-pensum
        </ExternalLink>
      </p>
    </>
  );
}
