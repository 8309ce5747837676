import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { connectEvents } from './events';
import { initI18n } from './i18n/setup';
import { paydesk } from './paydesk';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/sale.css';
import './styles/history.css';
import './styles/settings.css';
import './styles/dialog.css';
import './styles/operators.css';
import './styles/team.css';
import './styles/shifts.css';
import './styles/store.css';
import './styles/same-card.css';
import './styles/customers.css';

void initI18n().then(() => {
  connectEvents(paydesk());
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
