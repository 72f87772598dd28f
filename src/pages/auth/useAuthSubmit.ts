import type { AuthActionResponse } from "@refinedev/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../providers/http-shared";

/**
 * Runs an auth provider action from a sign-in form. Called directly rather than through Refine's
 * hooks, so the sign-in pages do not load Refine at all.
 */
export function useAuthSubmit<P>(action: (params: P) => Promise<AuthActionResponse>) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (params: P) => {
    setError(null);
    setPending(true);
    try {
      const result = await action(params);
      if (!result.success) setError(errorMessage(result.error));
      else if (result.redirectTo) navigate(result.redirectTo, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return { submit, pending, error };
}
