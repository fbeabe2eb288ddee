#!/usr/bin/env python3
"""Fills a Strapi 5 that has the content model of packaging/strapi/src with the demo content.

Usage: seed.py --url http://127.0.0.1:1337 --token FULL_ACCESS_TOKEN
               [--content demo/src/content/content.toml] [--images demo/src/content/images]

Each illustration is uploaded to the media library, then every entry is created through the
REST API, published. It is meant for an empty database: it stops, changing nothing, when any
entry already exists. Standard library only, so that it runs wherever Python 3.11 does.
"""

import argparse
import json
import mimetypes
import sys
import tomllib
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_SECONDS = 60

SINGLE_TYPES = ("accueil", "mention-legale")
# Collections as (the content file's table, the REST path), created in this order.
COLLECTIONS = (
    ("menus", "menus"),
    ("bloc-gauche", "blocs-gauche"),
    ("bandeau-nouveautes", "bandeaux-nouveautes"),
    ("page-nouveautes", "pages-nouveautes"),
)


class SeedError(Exception):
    pass


class Strapi:
    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.token = token

    def request(self, method: str, path: str, query: dict | None = None, body: bytes | None = None,
                content_type: str | None = None) -> dict | None:
        """Strapi's JSON answer, `None` for a 404, or a SeedError naming the call and the reason."""
        url = f"{self.url}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise SeedError(f"{method} {path}: {error.code} {strapi_message(error.read())}") from None
        except (urllib.error.URLError, TimeoutError) as error:
            reason = getattr(error, "reason", error)
            raise SeedError(f"{method} {path}: no answer from {self.url} ({reason})") from None

    def send(self, method: str, path: str, data: dict) -> dict:
        """Creates or replaces an entry, published, and returns it."""
        body = json.dumps({"data": data}).encode()
        # Published is the REST API's default; saying it keeps the seed right if that changes.
        answer = self.request(method, path, {"status": "published"}, body, "application/json")
        if answer is None:
            raise SeedError(f"{method} {path}: 404; is the content model of packaging/strapi/src imported?")
        entry = answer["data"]
        if not entry.get("publishedAt"):
            raise SeedError(f"{method} {path}: Strapi created the entry without publishing it")
        return entry

    def upload(self, image: Path) -> dict:
        boundary = uuid.uuid4().hex
        mime = mimetypes.guess_type(image.name)[0] or "application/octet-stream"
        head = (
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="files"; filename="{image.name}"\r\n'
            f"Content-Type: {mime}\r\n\r\n"
        )
        body = head.encode() + image.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
        try:
            answer = self.request("POST", "/api/upload", body=body,
                                  content_type=f"multipart/form-data; boundary={boundary}")
        except SeedError as error:
            if "is not allowed" in str(error):
                raise SeedError(
                    f"{error}\nStrapi's upload plugin refuses {mime}: allow it in the project's "
                    "config/plugins.ts (upload.config.security) while seeding, or use other images"
                ) from None
            raise
        if not answer:
            raise SeedError("POST /api/upload: 404; is the upload plugin enabled?")
        return answer[0]


def strapi_message(body: bytes) -> str:
    """The error Strapi gives (`{"error": {"message", "details"}}`), else the raw answer."""
    try:
        error = json.loads(body)["error"]
    except (ValueError, KeyError, TypeError):
        return body.decode(errors="replace").strip()[:500]
    message = error.get("message", "")
    for detail in (error.get("details") or {}).get("errors", []):
        where = ".".join(str(part) for part in detail.get("path", []))
        message += f"; {where}: {detail.get('message', '')}"
    return message


def existing_content(strapi: Strapi) -> list[str]:
    """What the database already holds, drafts included."""
    found = []
    for name in SINGLE_TYPES:
        if strapi.request("GET", f"/api/{name}", {"status": "draft"}) is not None:
            found.append(name)
    for _, path in COLLECTIONS:
        answer = strapi.request("GET", f"/api/{path}", {"status": "draft", "pagination[pageSize]": "1"})
        if answer is None:
            raise SeedError(f"GET /api/{path}: 404; is the content model of packaging/strapi/src imported "
                            "and Strapi restarted?")
        total = answer["meta"]["pagination"]["total"]
        if total:
            found.append(f"{total} {path}")
    return found


def with_identifiant(entry: dict) -> dict:
    """The demo's `Id` is the model's `identifiant`: Strapi has its own `id`."""
    return {("identifiant" if key == "Id" else key): value for key, value in entry.items()}


def seed(strapi: Strapi, content: dict, images: Path) -> None:
    tables = SINGLE_TYPES + tuple(table for table, _ in COLLECTIONS)
    missing = [table for table in tables if table not in content]
    if missing:
        raise SeedError(f"the content file has no {', '.join(missing)}")
    found = existing_content(strapi)
    if found:
        raise SeedError(f"{strapi.url} already has content ({', '.join(found)}): seed an empty database")

    uploaded = {}
    for block in content["bloc-gauche"].values():
        name = block["image"]
        if name not in uploaded:
            path = images / name
            if not path.is_file():
                raise SeedError(f"no image {path}")
            uploaded[name] = strapi.upload(path)
            print(f"image {name}: {uploaded[name]['url']}")

    strapi.send("PUT", "/api/accueil", content["accueil"])
    strapi.send("PUT", "/api/mention-legale", content["mention-legale"])
    print("single types: accueil, mention-legale")

    for entry in content["menus"]:
        strapi.send("POST", "/api/menus", with_identifiant(entry))
    for key, block in content["bloc-gauche"].items():
        data = {field: value for field, value in block.items() if field != "image"}
        image = uploaded[block["image"]]["id"]
        strapi.send("POST", "/api/blocs-gauche", {"cle": key, **data, "Image": image})
    for entry in content["bandeau-nouveautes"]:
        strapi.send("POST", "/api/bandeaux-nouveautes", entry)
    for entry in content["page-nouveautes"]:
        strapi.send("POST", "/api/pages-nouveautes", with_identifiant(entry))
    print(", ".join(f"{len(content[table])} {path}" for table, path in COLLECTIONS) + ": created, published")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="Strapi's address, e.g. http://127.0.0.1:1337")
    parser.add_argument("--token", required=True, help="a full-access API token")
    parser.add_argument("--content", type=Path, default=ROOT / "demo/src/content/content.toml")
    parser.add_argument("--images", type=Path, default=ROOT / "demo/src/content/images")
    args = parser.parse_args()
    try:
        with args.content.open("rb") as file:
            content = tomllib.load(file)
        seed(Strapi(args.url, args.token), content, args.images)
    except (OSError, tomllib.TOMLDecodeError) as error:
        print(f"seed: {args.content}: {error}", file=sys.stderr)
        return 1
    except KeyError as error:
        print(f"seed: no field {error} where one was expected", file=sys.stderr)
        return 1
    except SeedError as error:
        print(f"seed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
