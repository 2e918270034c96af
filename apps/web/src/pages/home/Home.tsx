import { __ } from '@storelens/i18n';
import { useId } from 'react';
import { useNotices } from '../../shell/notices';
import { useUserPreference } from '../../shell/preferences';
import { OrdersPanel, ReviewsPanel, StockPanel } from './Activity';
import { FirstSteps } from './FirstSteps';
import { Inbox } from './Inbox';
import { StatsOverview } from './StatsOverview';
import { StoreManagement } from './StoreManagement';

/** `/`: the first steps, the store today (activity, inbox) beside the stats and quick links. */
export function Home() {
  const [layout, saveLayout] = useUserPreference<string>('homepage_layout', 'two_columns');
  const notice = useNotices();
  const layoutId = useId();
  const twoColumns = layout !== 'single_column';

  return (
    <div className="sl-page sl-home">
      <div className="sl-home__header">
        <h1 className="sl-page__title">{__('Home')}</h1>
        <div>
          <label htmlFor={layoutId}>{__('Layout')}</label>{' '}
          <select
            id={layoutId}
            value={twoColumns ? 'two_columns' : 'single_column'}
            onChange={(e) =>
              saveLayout(e.target.value).catch(() =>
                notice(__('Your layout choice could not be saved.')),
              )
            }
          >
            <option value="single_column">{__('Single column')}</option>
            <option value="two_columns">{__('Two columns')}</option>
          </select>
        </div>
      </div>
      <div className={twoColumns ? 'sl-home__columns is-two' : 'sl-home__columns'}>
        <div className="sl-home__column">
          <FirstSteps />
          <div>
            <h2 className="sl-home__today">{__('Your store today')}</h2>
            <p className="sl-settings__help">
              {__('To do’s, tips, and insights for your business')}
            </p>
          </div>
          <OrdersPanel />
          <StockPanel />
          <ReviewsPanel />
          <Inbox />
        </div>
        <div className="sl-home__column">
          <StatsOverview />
          <StoreManagement />
        </div>
      </div>
    </div>
  );
}
