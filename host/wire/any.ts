// A protobuf Any as the SDK packs one: type URL `/<full name>` (protobuf-es' anyPack writes
// `type.googleapis.com/…`, which the SDK's interface registry does not resolve).

import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";

export function sdkAny<D extends DescMessage>(desc: D, init: MessageInitShape<D>): Any {
  return create(AnySchema, { typeUrl: `/${desc.typeName}`, value: toBinary(desc, create(desc, init)) });
}
