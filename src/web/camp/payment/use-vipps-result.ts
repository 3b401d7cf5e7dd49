import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { VippsReceipt, VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import type { EventOrderView } from "../../../shared/events/event-api.ts";
import { cancelVippsOrder, checkVippsResult } from "./vipps-api.ts";
import { clearWizard, setWizardStep } from "../registration/draft-storage.ts";
import { rememberedGroupNames, rememberedPersonalLink } from "../my-registration/personal-link-storage.ts";

/** The payment result page's polling (docs/requirements.md §4 "Payment result page"). */
export const POLL_INTERVAL_MS = 2000;
export const RETRY_AFTER_ERROR_MS = 1700;
export const MAX_TRIES = 30;

/** What the server knew when the page was rendered: a status (with its receipt), "notfound" (no such order), or nothing. */
export type FirstStatus = { status: VippsStatus; receipt: VippsReceipt | null } | "notfound" | undefined;

export type VippsView = "waiting" | "reserved" | "rejected" | "cancelled" | "timeout" | "notfound";

function viewFor(status: VippsStatus): VippsView | undefined {
  switch (status) {
    case "RESERVED":
      return "reserved";
    case "REJECTED":
    case "RESERVE_FAILED":
      return "rejected";
    case "CANCELLED":
      return "cancelled";
    default:
      return undefined;
  }
}

/**
 * Asks our server for the order's status until Vipps has decided or MAX_TRIES polls have passed; after a
 * failed ask it tries again a little sooner. Returns the stop, for an effect's cleanup.
 */
function pollVippsResult(
  ordreId: string,
  waitFirst: boolean,
  onDecided: (view: VippsView, receipt: VippsReceipt | null) => void,
  onTimeout: () => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  const poll = async () => {
    if (stopped) return;
    tries++;
    let delay = POLL_INTERVAL_MS;
    try {
      const result = await checkVippsResult(ordreId);
      const next = viewFor(result.status);
      if (stopped) return;
      if (next) {
        onDecided(next, result.receipt);
        return;
      }
    } catch {
      delay = RETRY_AFTER_ERROR_MS;
    }
    if (stopped) return;
    if (tries >= MAX_TRIES) {
      onTimeout();
      return;
    }
    timer = setTimeout(() => void poll(), delay);
  };
  if (waitFirst) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
  else void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The result page's logic, apart from its words: the view from the status the page arrived with, polling
 * our server until the payment is decided (or it gives up), the focus on each new heading, and the two
 * ways out of a failed payment.
 */
export function useVippsResult(ordreId: string | undefined, first: FirstStatus, order: EventOrderView | undefined) {
  const navigate = useNavigate();
  const [view, setView] = useState<VippsView>(() =>
    first === "notfound" ? "notfound" : (first !== undefined && viewFor(first.status)) || "waiting",
  );
  // What was paid for, from the server once the payment is reserved: the event and year, the people, the amount.
  const [receipt, setReceipt] = useState<VippsReceipt | null>(() => (first && first !== "notfound" ? first.receipt : null));
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Read after hydration (the server has no session storage).
  const [personalLink, setPersonalLink] = useState<string | undefined>();
  const [groupNames, setGroupNames] = useState<string[] | undefined>();
  useEffect(() => {
    setPersonalLink(rememberedPersonalLink());
    setGroupNames(rememberedGroupNames());
  }, []);

  useEffect(() => {
    if (!ordreId) return;
    if (view !== "waiting") {
      // Decided before the page arrived: nothing to wait for.
      if (view === "reserved") clearWizard();
      return;
    }
    // The server has just asked (the status it knew is still open): the first poll waits its turn.
    return pollVippsResult(
      ordreId,
      first !== undefined,
      (next, paid) => {
        setReceipt(paid);
        if (next === "reserved") clearWizard();
        setView(next);
      },
      () => setView("timeout"),
    );
    // Polls once per order id, from the view the page arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ordreId]);

  useEffect(() => {
    if (view !== "waiting") heading.current?.focus();
  }, [view]);

  const giveUp = useCallback(() => {
    clearWizard();
    void navigate("/");
  }, [navigate]);

  const tryAgain = useCallback(async () => {
    if (!ordreId) return;
    setBusy(true);
    try {
      await cancelVippsOrder(ordreId);
    } catch {
      // The registration page's next payment ends the old attempt anyway.
    }
    if (order) {
      // An event's form starts afresh on its own page.
      window.location.assign("/arrangementer");
      return;
    }
    setWizardStep("Payment");
    // A full page load: the draft's cookies belong to the wizard's path, and a document only reads the
    // cookies of the path it was loaded on.
    window.location.assign("/vinterleir/registrering");
  }, [ordreId, order]);

  return { view, receipt, busy, heading, personalLink, groupNames, giveUp, tryAgain };
}
