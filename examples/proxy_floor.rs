//! The floor of the proxy benchmark (`packaging/bench/proxy.sh`): the portal's stack, actix-web
//! in front of hyper's pooled client, passing a GET on to the upstream with its answer
//! streamed back, and nothing else: no session, no anti-forgery check, no span, no metrics,
//! no headers of its own. What the portal does per proxied call costs what it costs above
//! this line; what this costs, no work in the portal can take away.
//!
//! `cargo run --release --example proxy_floor -- <listen address> <upstream base URL>`

use actix_web::body::SizedStream;
use actix_web::http::StatusCode;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use bytes::Bytes;
use futures_util::StreamExt;
use http_body_util::{BodyDataStream, Empty};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

type Upstream = Client<HttpConnector, Empty<Bytes>>;

async fn forward(request: HttpRequest, client: web::Data<Upstream>, base: web::Data<String>) -> HttpResponse {
    let call = hyper::Request::get(format!("{}{}", base.get_ref(), request.path()))
        .body(Empty::new())
        .expect("a valid request");
    let Ok(answer) = client.request(call).await else {
        return HttpResponse::BadGateway().finish();
    };
    let mut response = HttpResponse::build(
        StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY),
    );
    if let Some(kind) = answer.headers().get(hyper::header::CONTENT_TYPE) {
        response.insert_header((actix_web::http::header::CONTENT_TYPE, kind.as_bytes()));
    }
    let length = hyper::body::Body::size_hint(answer.body()).exact();
    let chunks = BodyDataStream::new(answer.into_body()).map(|chunk| chunk.map_err(std::io::Error::other));
    match length {
        Some(length) => response.body(SizedStream::new(length, chunks)),
        None => response.streaming(chunks),
    }
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let mut arguments = std::env::args().skip(1);
    let (Some(listen), Some(upstream)) = (arguments.next(), arguments.next()) else {
        eprintln!("usage: proxy_floor <listen address> <upstream base URL>");
        std::process::exit(2);
    };
    let base = web::Data::new(upstream.trim_end_matches('/').to_owned());
    HttpServer::new(move || {
        // One client per worker, as the portal's.
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        let client: Upstream = Client::builder(TokioExecutor::new()).build(connector);
        App::new().app_data(web::Data::new(client)).app_data(base.clone()).default_service(web::to(forward))
    })
    .workers(1)
    .tcp_nodelay(true)
    .bind(listen)?
    .run()
    .await
}
