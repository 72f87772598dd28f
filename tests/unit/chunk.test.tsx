import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { chunk } from "../../src/components/kit/chunk";

const ready = () => <p>ready</p>;

describe("chunk (a lazy component that can load ahead)", () => {
  it("renders a chunk loaded ahead at once, without its fallback", async () => {
    const Screen = chunk(() => Promise.resolve({ default: ready }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    // React would otherwise commit the fallback first and hold the content back behind it.
    expect(screen.getByText("ready")).toBeInTheDocument();
    expect(screen.queryByText("waiting")).toBeNull();
  });

  it("shows the fallback for a chunk not loaded yet, then the chunk", async () => {
    let load!: (m: { default: typeof ready }) => void;
    const Screen = chunk(() => new Promise<{ default: typeof ready }>((done) => (load = done)));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText("waiting")).toBeInTheDocument();
    await act(async () => load({ default: ready }));
    expect(await screen.findByText("ready")).toBeInTheDocument();
  });

  it("asks again after a failed load, and loads once after that", async () => {
    let attempts = 0;
    const Screen = chunk(() =>
      ++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve({ default: ready }),
    );
    await expect(Screen.preload()).rejects.toThrow("offline");
    await Screen.preload();
    await Screen.preload();
    expect(attempts).toBe(2);
  });
});
