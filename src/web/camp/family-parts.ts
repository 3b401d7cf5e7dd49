/** The camp's surface for «Min side» (src/web/family/): its part of the page. */
export { CampPart } from "./my-registration/MyRegistrationPage.tsx";
