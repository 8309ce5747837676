import { contextBridge, ipcRenderer } from 'electron';
import { buildPaydeskApi } from '../shared/ipc-api';

// The whole preload: expose the contract-built API; nothing of Electron leaks through.
contextBridge.exposeInMainWorld(
  'paydesk',
  buildPaydeskApi({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    on: (channel, listener) => {
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, wrapped);
      return () => ipcRenderer.removeListener(channel, wrapped);
    },
  }),
);
