//! The fields of an AdmissionReview that needle reads, taken from the body's text in one pass.
//! Everything else (`userInfo`, `oldObject`, `options`, `resource`, ...) is checked as JSON
//! and skipped without being built: a review's envelope would otherwise cost as much as its
//! pod to build and drop again. A field read from the review as JSON of any type, as a tree
//! would hold it; a request (or review) that is not an object reads as having no fields, and a
//! key written twice takes its last value.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// The review's fields (`Value::Null` where absent).
#[derive(Debug, Default)]
pub struct Review {
    pub api_version: Value,
    pub kind: Value,
    /// `None` when there is no request, or it is not an object.
    pub request: Option<Request>,
}

/// The request's fields (`Value::Null` where absent).
#[derive(Debug, Default)]
pub struct Request {
    pub uid: Value,
    /// The object's GroupVersionKind.
    pub kind: Value,
    pub operation: Value,
    pub namespace: Value,
    pub name: Value,
    pub dry_run: Value,
    pub object: Value,
}

/// The keys read, at either level; each level reads its own and skips the rest.
enum Key {
    ApiVersion,
    Kind,
    Request,
    Uid,
    Operation,
    Namespace,
    Name,
    DryRun,
    Object,
    Other,
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Names;
        impl Visitor<'_> for Names {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E>(self, name: &str) -> Result<Key, E> {
                Ok(match name {
                    "apiVersion" => Key::ApiVersion,
                    "kind" => Key::Kind,
                    "request" => Key::Request,
                    "uid" => Key::Uid,
                    "operation" => Key::Operation,
                    "namespace" => Key::Namespace,
                    "name" => Key::Name,
                    "dryRun" => Key::DryRun,
                    "object" => Key::Object,
                    _ => Key::Other,
                })
            }
        }
        d.deserialize_identifier(Names)
    }
}

/// A visitor's answer to JSON that is not an object: its default, the JSON still checked.
macro_rules! not_an_object_is_default {
    () => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Self::Value, A::Error> {
            while items.next_element::<IgnoredAny>()?.is_some() {}
            Ok(Default::default())
        }
    };
}

impl<'de> Deserialize<'de> for Review {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Review;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an AdmissionReview")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Review, A::Error> {
                let mut review = Review::default();
                while let Some(key) = map.next_key()? {
                    match key {
                        Key::ApiVersion => review.api_version = map.next_value()?,
                        Key::Kind => review.kind = map.next_value()?,
                        Key::Request => review.request = map.next_value::<MaybeRequest>()?.0,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(review)
            }
            not_an_object_is_default!();
        }
        d.deserialize_any(Fields)
    }
}

/// A request, or `None` for JSON that is not an object.
struct MaybeRequest(Option<Request>);

impl<'de> Deserialize<'de> for MaybeRequest {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Option<Request>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an AdmissionRequest")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut request = Request::default();
                while let Some(key) = map.next_key()? {
                    let field = match key {
                        Key::Uid => &mut request.uid,
                        Key::Kind => &mut request.kind,
                        Key::Operation => &mut request.operation,
                        Key::Namespace => &mut request.namespace,
                        Key::Name => &mut request.name,
                        Key::DryRun => &mut request.dry_run,
                        Key::Object => &mut request.object,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    *field = map.next_value()?;
                }
                Ok(Some(request))
            }
            not_an_object_is_default!();
        }
        d.deserialize_any(Fields).map(MaybeRequest)
    }
}
