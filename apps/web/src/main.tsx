import { createApiClient, DataProvider } from '@storelens/data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@storelens/components/tokens.css';
import { App } from './App';
import { boot } from './boot';
import { AuthGate } from './pages/login/AuthGate';
import { currentNonce, sessionExpired, startSession } from './session';
import { StoreSettingsProvider } from './settings-context';
import './app.css';

const settings = boot();
startSession(settings.auth);
const client = createApiClient({
  baseUrl: '/wp-json',
  nonce: currentNonce,
  onUnauthorized: sessionExpired,
});
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <StoreSettingsProvider settings={settings}>
      <DataProvider client={client}>
        <AuthGate setupRequired={settings.setupRequired === true}>
          <App />
        </AuthGate>
      </DataProvider>
    </StoreSettingsProvider>
  </StrictMode>,
);
