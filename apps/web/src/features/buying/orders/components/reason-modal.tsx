// moved to the shared components (the admin review pages use it too); the order pages import it from here
export { ReasonButton, ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
