import type { z } from "zod";
import { ErrorBodySchema } from "../../shared/api/error-body.ts";
import { AdminEditionSchema, CurrentEditionAnswerSchema } from "../../shared/camp/camp-edition-api.ts";
import { ChangeLogEntrySchema } from "../../shared/change-log.ts";
import { CampEditionPatchSchema } from "../../shared/camp/camp-edition-schema.ts";
import { AdminPersonSchema, AdminTotalsSchema, GradeStatisticSchema, PublicParticipantSchema } from "../../shared/camp/camp-lists.ts";
import { CampRegistrationSchema } from "../../shared/camp/camp-registration.ts";
import { WaitlistEntrySchema, WaitlistMoveSchema } from "../../shared/camp/camp-waitlist.ts";
import { OfferViewSchema } from "../../shared/events/waitlist-offer.ts";
import { ClubSchema, GradeSchema } from "../../shared/camp/grades.ts";
import { ImportResultSchema, InvoiceGroupSchema, InvoiceStatusSchema } from "../../shared/invoices/invoice-groups.ts";
import { NewMemberAdminEntrySchema, RemoveAnswerSchema } from "../../shared/members/new-member-admin.ts";
import { NewMemberSchema } from "../../shared/members/new-member.ts";
import { CampPaymentDetailsSchema, RefundBodySchema } from "../../shared/payments/vipps-payment.ts";
import { LedgerHistorySchema } from "../../shared/camp/camp-ledger-history.ts";
import { CampAccountInputSchema, CampAccountSchema, CampMeSchema } from "../../shared/admin/camp-accounts.ts";
import { DoorListSchema, DoorRefusalsSchema } from "../../shared/camp/door-list.ts";
import {
  CheckInActionAnswerSchema,
  CheckInActionSchema,
  CheckInCountsSchema,
  CheckInHitSchema,
  CheckInSearchAnswerSchema,
} from "../../shared/camp/camp-checkin.ts";
import {
  FindMyRegistrationSchema,
  MyCancellationSchema,
  MyCompanionAddSchema,
  MyGradingSchema,
  MyRegistrationChangeSchema,
} from "../../shared/camp/camp-registration-changes.ts";
import { TreasurerSummarySchema } from "../../shared/camp/camp-treasurer.ts";
import {
  newMemberMessageSchema,
  ReminderSchema,
  ReminderViewSchema,
  MessageLogEntrySchema,
  MessagePreviewSchema,
  ResendAnswerSchema,
  SentMessageSchema,
  previewMessageSchema,
  sendMessageSchema,
} from "../../shared/messages/message.ts";
import { CampPriceQuoteSchema } from "../../shared/camp/camp-athletes.ts";
import {
  ContactSchema,
  EquipmentSchema,
  FrontPageSchema,
  NewsSchema,
  PricesSchema,
  SiteChangeSchema,
  SiteContentSchema,
  SiteImageSchema,
  SiteSaveAnswerSchema,
  SponsorsSchema,
  TrainingTimesSchema,
} from "../../shared/site/site-content.ts";

import {
  AdminEventSchema,
  AdminParticipantSchema,
  EventCopiedSchema,
  EventCopySchema,
  EventDetailSchema,
  EventOrderViewSchema,
  EventPublishedSchema,
  EventSavedSchema,
  EventSummarySchema,
} from "../../shared/events/event-api.ts";
import { EventDefinitionSchema } from "../../shared/events/event-definition.ts";
import { EventOrderSchema } from "../../shared/events/event-order.ts";
import { EventDoorActionSchema, EventDoorAnswerSchema, EventDoorListSchema } from "../../shared/events/event-door.ts";
import { EventCancelAnswerSchema, EventCancelSchema, MyEventOrderSchema } from "../../shared/events/event-my-order.ts";

/**
 * The named schemas of the API document, each the one definition the routes validate with or the browser
 * reads with: a declared call's schema that is one of them is described by reference (declared-operations.ts),
 * any other in place. A new shape is one line here.
 */

/** Request bodies, described as the server accepts them. */
export const requestSchemas = {
  CampRegistration: CampRegistrationSchema,
  EventOrder: EventOrderSchema,
  EventCancel: EventCancelSchema,
  EventDefinition: EventDefinitionSchema,
  EventCopy: EventCopySchema,
  NewMember: NewMemberSchema,
  CampEditionPatch: CampEditionPatchSchema,
  WaitlistMove: WaitlistMoveSchema,
  Refund: RefundBodySchema,
  CampAccountInput: CampAccountInputSchema,
  CheckInAction: CheckInActionSchema,
  EventDoorAction: EventDoorActionSchema,
  MyRegistrationChange: MyRegistrationChangeSchema,
  MyCancellation: MyCancellationSchema,
  MyCompanionAdd: MyCompanionAddSchema,
  MyGrading: MyGradingSchema,
  FindMyRegistration: FindMyRegistrationSchema,
  SiteTrainingTimes: TrainingTimesSchema,
  SitePrices: PricesSchema,
  SiteContact: ContactSchema,
  SiteSponsors: SponsorsSchema,
  SiteEquipment: EquipmentSchema,
  SiteFrontPage: FrontPageSchema,
  SiteNews: NewsSchema,
  SendMessage: sendMessageSchema,
  PreviewMessage: previewMessageSchema,
  Reminder: ReminderSchema,
  NewMemberMessage: newMemberMessageSchema,
} satisfies Record<string, z.ZodType>;

/** Answers, described as the server sends them. */
export const responseSchemas = {
  ErrorBody: ErrorBodySchema,
  EventSummary: EventSummarySchema,
  EventDetail: EventDetailSchema,
  EventOrderView: EventOrderViewSchema,
  MyEventOrder: MyEventOrderSchema,
  EventCancelAnswer: EventCancelAnswerSchema,
  AdminEvent: AdminEventSchema,
  AdminEventParticipant: AdminParticipantSchema,
  EventDoorList: EventDoorListSchema,
  EventDoorAnswer: EventDoorAnswerSchema,
  EventSaved: EventSavedSchema,
  EventPublished: EventPublishedSchema,
  EventCopied: EventCopiedSchema,
  Club: ClubSchema,
  Grade: GradeSchema,
  PublicParticipant: PublicParticipantSchema,
  GradeStatistic: GradeStatisticSchema,
  AdminPerson: AdminPersonSchema,
  AdminTotals: AdminTotalsSchema,
  CurrentEdition: CurrentEditionAnswerSchema,
  AdminEdition: AdminEditionSchema,
  ChangeLogEntry: ChangeLogEntrySchema,
  OfferView: OfferViewSchema,
  WaitlistEntry: WaitlistEntrySchema,
  CampPaymentDetails: CampPaymentDetailsSchema,
  LedgerHistory: LedgerHistorySchema,
  NewMemberAdminEntry: NewMemberAdminEntrySchema,
  RemoveAnswer: RemoveAnswerSchema,
  InvoiceGroup: InvoiceGroupSchema,
  InvoiceStatus: InvoiceStatusSchema,
  ImportResult: ImportResultSchema,
  CampAccount: CampAccountSchema,
  CampMe: CampMeSchema,
  CheckInHit: CheckInHitSchema,
  CheckInSearchAnswer: CheckInSearchAnswerSchema,
  CheckInCounts: CheckInCountsSchema,
  CheckInActionAnswer: CheckInActionAnswerSchema,
  DoorList: DoorListSchema,
  DoorRefusals: DoorRefusalsSchema,
  TreasurerSummary: TreasurerSummarySchema,
  CampPriceQuote: CampPriceQuoteSchema,
  SiteContent: SiteContentSchema,
  SiteChange: SiteChangeSchema,
  SiteSaveAnswer: SiteSaveAnswerSchema,
  SiteImage: SiteImageSchema,
  SentMessage: SentMessageSchema,
  MessageLogEntry: MessageLogEntrySchema,
  MessagePreview: MessagePreviewSchema,
  ResendAnswer: ResendAnswerSchema,
  ReminderView: ReminderViewSchema,
} satisfies Record<string, z.ZodType>;

export type SchemaName = keyof typeof requestSchemas | keyof typeof responseSchemas;

/** Descriptions added to the generated schemas: a schema's own, and its fields' by path ("[]" = an array's items). */
export const schemaNotes: Partial<Record<SchemaName, { description?: string; fields?: Record<string, string> }>> = {
  CampRegistration: {
    description:
      "A camp registration. Beyond the original entity the server requires `draftId`, `dataConsent` and `termsAccepted`, and a companion's `id` is a string.",
    fields: {
      draftId: "Required. A UUID the browser makes once per draft: a submission sent again with the same draftId is recognised and not stored twice.",
      dataConsent: "Required, must be true: consent to the use of the data to arrange the camp.",
      termsAccepted: "Required, must be true: the terms of sale are accepted.",
      ledsagere: "The companions (ledsagere).",
      "ledsagere.[].id": "Required. A string the browser makes, unique within the registration (not a number).",
    },
  },
  NewMember: { description: "An expression of interest from a new member (children need a parent)." },
  CampEditionPatch: {
    description:
      "A camp edition, sent as a patch of the fields `AdminEdition` shows (its editable part): fields left out keep their value, nested objects merge field by field, arrays are replaced whole. The merged edition must keep every rule.",
  },
};
