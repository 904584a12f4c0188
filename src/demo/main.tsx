import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'ask-ai-dialog/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoApp } from './demo-app';
import './demo.css';

const root = document.getElementById('root');
if (root) {
  const client = new QueryClient();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <DemoApp simulated={import.meta.env.VITE_ASK_AI_SIMULATED !== 'false'} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
