import { HELP_PATHS } from '@touchline/shared';
import { Link } from 'react-router-dom';

/** "…the AI Assistant or contact support": where to go when the guides and the FAQ have no answer. */
export function AssistantOrSupport() {
  return (
    <>
      <Link to={HELP_PATHS.chatbot} className="text-brand-700 underline">
        AI Assistant
      </Link>{' '}
      or{' '}
      <Link to={HELP_PATHS.contact} className="text-brand-700 underline">
        contact support
      </Link>
    </>
  );
}
