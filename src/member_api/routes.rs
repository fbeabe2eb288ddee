//! The member API's calls as the browser reaches them (`/api{path}`), found by one lookup of
//! the request's method and path in a radix tree, rather than by actix trying its routes in
//! turn: the request span names a call's pattern from it, and the edge passes a forwarded call
//! on from it (`proxy::forwarded`). The calls stay registered with actix too, which answers
//! what the tree does not hold (another method: 405) and names the patterns of the audit trail.
//! Why: docs/benchmarks.md#member-api-proxy.

use std::sync::LazyLock;

use super::calls::{CALLS, Exposed, MemberCall, Method};

/// A call the browser reached.
#[derive(Debug, Clone)]
pub struct Found {
    pub call: &'static MemberCall,
    /// The route's pattern, `/api` included, as actix would name it.
    pub pattern: &'static str,
    /// The identifier of a path that holds one, as the request wrote it (not yet checked).
    pub id: Option<String>,
}

struct Route {
    call: &'static MemberCall,
    pattern: String,
}

/// One tree per method of the contract, holding the index of each route.
struct Routes {
    routes: Vec<Route>,
    by_method: [matchit::Router<usize>; 3],
}

fn slot(method: Method) -> usize {
    match method {
        Method::Get => 0,
        Method::Post => 1,
        Method::Put => 2,
    }
}

static ROUTES: LazyLock<Routes> = LazyLock::new(|| {
    let mut by_method: [matchit::Router<usize>; 3] = Default::default();
    let routes: Vec<Route> = CALLS
        .iter()
        .filter(|call| call.exposed != Exposed::Internal)
        .map(|call| Route { call, pattern: format!("/api{}", call.path) })
        .collect();
    for (index, route) in routes.iter().enumerate() {
        by_method[slot(route.call.method)]
            .insert(route.pattern.as_str(), index)
            .expect("the table's paths are distinct and valid patterns");
    }
    Routes { routes, by_method }
});

/// The call `method` on `path` (the path as actix routes it: percent-decoded but for `/`).
pub fn find(method: &actix_web::http::Method, path: &str) -> Option<Found> {
    let method = match *method {
        actix_web::http::Method::GET => Method::Get,
        actix_web::http::Method::POST => Method::Post,
        actix_web::http::Method::PUT => Method::Put,
        _ => return None,
    };
    let routes = &*ROUTES;
    let matched = routes.by_method[slot(method)].at(path).ok()?;
    let route = &routes.routes[*matched.value];
    Some(Found { call: route.call, pattern: &route.pattern, id: matched.params.get("id").map(str::to_owned) })
}

#[cfg(test)]
mod tests {
    use actix_web::http::Method;

    use super::*;

    #[test]
    fn a_call_is_found_by_its_method_and_path_with_its_pattern_and_identifier() {
        let found = find(&Method::GET, "/api/assure/prestations-recentes").expect("a call");
        assert_eq!(found.pattern, "/api/assure/prestations-recentes");
        assert_eq!(found.call.path, "/assure/prestations-recentes");
        assert_eq!(found.id, None);

        let found = find(&Method::POST, "/api/demande/42/messages").expect("a call");
        assert_eq!(found.pattern, "/api/demande/{id}/messages");
        assert_eq!(found.id.as_deref(), Some("42"));
    }

    #[test]
    fn another_method_an_unknown_path_or_an_internal_call_is_not_found() {
        assert!(find(&Method::DELETE, "/api/assure/prestations-recentes").is_none());
        assert!(find(&Method::POST, "/api/assure/prestations-recentes").is_none());
        assert!(find(&Method::GET, "/api/assure/prestations-recentes/").is_none());
        assert!(find(&Method::GET, "/api/demande/42/messages/autre").is_none());
        assert!(find(&Method::GET, "/assure/prestations-recentes").is_none());
        // The sign-in's call is the portal's own, never the browser's.
        assert!(find(&Method::POST, "/api/compte/auth").is_none());
    }

    #[test]
    fn every_exposed_call_is_found_at_its_pattern() {
        for call in CALLS.iter().filter(|call| call.exposed != Exposed::Internal) {
            let path = format!("/api{}", call.path.replace("{id}", "7"));
            let method = Method::from_bytes(call.method.as_str().as_bytes()).expect("a method");
            let found = find(&method, &path).expect(call.path);
            assert_eq!((found.call.method, found.call.path), (call.method, call.path), "{path}");
        }
    }
}
