import { AttributeMaster } from "../../../components/product/AttributeMaster";

export default function AdminProductAttributes() {
  return <AttributeMaster />;
}
