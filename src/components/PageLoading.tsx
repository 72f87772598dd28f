import { Flex, Spin } from "antd";

export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullPage ? "100vh" : 240 }}
      role="status"
      aria-busy="true"
    >
      <Spin size="large" />
    </Flex>
  );
}
