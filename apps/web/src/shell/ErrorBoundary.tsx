import { __ } from '@storelens/i18n';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Shows a readable message with a Reload button when a page throws while rendering, instead of
 * a blank screen. The shell keys it by route, so another page starts clean.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever investigates; the page shows the short message.
    console.warn('A dashboard page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="sl-card sl-error-page" role="alert">
        <h1>{__('This page could not be displayed')}</h1>
        <p>
          {__(
            'Something went wrong while showing this page. Reloading usually fixes it; your data is safe.',
          )}
        </p>
        <p className="sl-error-page__detail">{error.message}</p>
        <button
          type="button"
          className="sl-button sl-button--primary"
          onClick={() => window.location.reload()}
        >
          {__('Reload')}
        </button>
      </section>
    );
  }
}
