/** The name of the export, the same on its button and its dialog. */
export const exportStateLabel = 'Export state for support';
