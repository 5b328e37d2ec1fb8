/** The design system. Route sets import from here; the boot entry imports single files to stay small. */
export { Alert } from './Alert/Alert';
export { BrandMark } from './BrandMark/BrandMark';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button/Button';
export { Card } from './Card/Card';
export { CenteredLayout } from './CenteredLayout/CenteredLayout';
export { CopyButton } from './CopyButton/CopyButton';
export { CentredSpinner, Spinner } from './Spinner/Spinner';
export { TextField } from './TextField/TextField';
export { VisuallyHidden } from './VisuallyHidden/VisuallyHidden';
export { applyDocumentTheme, useDocumentTheme, type ThemeChoice } from './theme/useDocumentTheme';
export { useFocusNewRow } from './useFocusNewRow/useFocusNewRow';
export { spokenList } from './spokenList';
export { useScrollLock } from './useScrollLock/useScrollLock';
