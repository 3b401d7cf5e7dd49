import { Component, type ReactNode } from "react";

/**
 * Around a part of an admin page whose code is fetched when it is needed. If it cannot be shown (the network
 * dropped, or the site was updated while the page stood open and the old file is gone), the admin keeps the
 * page and gets a way on, instead of the site's error screen.
 */
export class LoadFailedBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice" role="alert">
        <p>Noe gikk galt da administrasjonen skulle vises. Sjekk nettforbindelsen og last inn siden på nytt.</p>
        <button type="button" className="button" onClick={() => location.reload()}>
          Last inn siden på nytt
        </button>
      </div>
    );
  }
}
