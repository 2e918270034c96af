import { ApiFetchProvider } from '@storelens/components/search';
import { DataProvider } from '@storelens/data';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@storelens/components/tokens.css';
import { App } from './App';
import { apiClient, sessionApiFetch } from './api-client';
import { boot } from './boot';
import { AuthGate } from './pages/login/AuthGate';
import { startSession } from './session';
import { StoreSettingsProvider } from './settings-context';
import './app.css';

const settings = boot();
startSession(settings.auth);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <StoreSettingsProvider settings={settings}>
      <DataProvider client={apiClient}>
        {/* Every search widget fetches through the same client (nonce, 401 handling). */}
        <ApiFetchProvider apiFetch={sessionApiFetch}>
          <AuthGate
            setupRequired={settings.setupRequired === true}
            passwordReset={settings.passwordReset ?? 'command'}
          >
            <App />
          </AuthGate>
        </ApiFetchProvider>
      </DataProvider>
    </StoreSettingsProvider>
  </StrictMode>,
);
