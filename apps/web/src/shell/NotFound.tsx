import { Link } from '@storelens/components/link';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';

/** The page of an unknown route. */
export function NotFound() {
  return (
    <section className="sl-card">
      <h1>{__('Page not found')}</h1>
      <p>{__('There is no dashboard page at this address.')}</p>
      <p>
        <Link href={getNewPath({}, '/', {})}>{__('Go to Home')}</Link>
      </p>
    </section>
  );
}

/** A page the signed-in user's role may not open. */
export function NotAllowed() {
  return (
    <section className="sl-card">
      <h1>{__('Not allowed')}</h1>
      <p>{__('Your role does not give access to this page. An administrator can change it.')}</p>
      <p>
        <Link href={getNewPath({}, '/analytics/overview', {})}>{__('Go to the Overview')}</Link>
      </p>
    </section>
  );
}
