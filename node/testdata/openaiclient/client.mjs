// Runs the official openai client against the node (baseURL = argv[2]) and
// prints what it got as JSON, for node/openai_test.go.
import OpenAI from "openai";

const client = new OpenAI({ baseURL: process.argv[2], apiKey: "unused", maxRetries: 0 });
const out = {};

out.models = [];
for await (const m of client.models.list()) out.models.push(m.id);

const chat = await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "hi" }] });
out.chat = chat.choices[0].message.content;

out.stream = [];
const stream = await client.chat.completions.create({ model: "gpt-test", stream: true, messages: [{ role: "user", content: "hi" }] });
for await (const chunk of stream) out.stream.push(chunk.choices[0]?.delta?.content ?? "");

out.completion = [];
const cs = await client.completions.create({ model: "gpt-other", stream: true, prompt: "say hi" });
for await (const chunk of cs) out.completion.push(chunk.choices[0]?.text ?? "");

try {
  await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "hi" }] });
  out.error = { status: 0 };
} catch (e) {
  if (!(e instanceof OpenAI.APIError)) throw e;
  out.error = { status: e.status, type: e.type ?? e.error?.type };
}
console.log(JSON.stringify(out));
