import type { AuthActionResponse } from "@refinedev/core";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../providers/http-shared";
import { returnTo } from "../../providers/return-to";

/**
 * Runs an auth provider action from a sign-in form. Called directly rather than through Refine's
 * hooks, so the sign-in pages do not load Refine at all.
 */
export function useAuthSubmit<P>(action: (params: P) => Promise<AuthActionResponse>) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (params: P) => {
    setError(null);
    setPending(true);
    try {
      const result = await action(params);
      if (!result.success) setError(errorMessage(result.error));
      else {
        // Back to the page asked for (a deep link, or where the session expired), else the menu's first screen.
        const to = returnTo(search) ?? result.redirectTo;
        if (to) void navigate(to, { replace: true });
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return { submit, pending, error };
}
