import { createApiClient, DataProvider } from '@storelens/data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@storelens/components/tokens.css';
import { App } from './App';
import { boot } from './boot';
import { StoreSettingsProvider } from './settings-context';
import './app.css';

const settings = boot();
const client = createApiClient({ baseUrl: '/wp-json' });
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <StoreSettingsProvider settings={settings}>
      <DataProvider client={client}>
        <App />
      </DataProvider>
    </StoreSettingsProvider>
  </StrictMode>,
);
