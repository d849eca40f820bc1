//! [`serde`] support (feature `serde`): tensors serialise as their shape and their elements in
//! row-major order, `{"shape": [2, 3], "data": [1, 2, 3, 4, 5, 6]}`, the same for [`Tensor`] and
//! [`DynTensor`](crate::DynTensor), so data written by one reads into the other. Reading checks
//! what the type or the shape promises: a static tensor must find its own shape and exactly its
//! element count, a dynamic one a shape whose count is the data's length; the error names both.
//! [`ShapeError`](crate::ShapeError) and [`Dims`] serialise too (a shape as a sequence).
//!
//! No allocation for static tensors, so they (de)serialise in `no_std` firmware with a format
//! such as `postcard`.
//!
//! ```
//! use shaped::{shape, tensor, DynTensor, Tensor};
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let json = serde_json::to_string(&t).unwrap();
//! assert_eq!(json, r#"{"shape":[2,3],"data":[1,2,3,4,5,6]}"#);
//! let d: DynTensor<i32> = serde_json::from_str(&json).unwrap();
//! assert_eq!(d.shape(), &[2, 3]);
//! let err = serde_json::from_str::<Tensor<i32, shape![3, 2]>>(&json).unwrap_err();
//! assert!(err.to_string().starts_with("expected a tensor of shape [3, 2], found shape [2, 3]"));
//! ```

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::error::Dims;
use crate::{MAX_RANK, Shape, Tensor};

const FIELDS: &[&str] = &["shape", "data"];

/// A field name of the tensor format.
enum Field {
    Shape,
    Data,
    Other,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`shape` or `data`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(match v {
                    "shape" => Field::Shape,
                    "data" => Field::Data,
                    _ => Field::Other,
                })
            }
        }
        d.deserialize_identifier(V)
    }
}

/// A shape read from the data, without allocating: its last [`MAX_RANK`] extents and its rank
/// (what [`Dims`] keeps without `alloc`; enough to compare with a static shape and report it).
struct ReadShape {
    rank: usize,
    last: [usize; MAX_RANK],
}

impl ReadShape {
    /// The extents read (the last [`MAX_RANK`] when the rank is larger).
    fn kept(&self) -> &[usize] {
        &self.last[MAX_RANK - self.rank.min(MAX_RANK)..]
    }

    fn is(&self, dims: &[usize]) -> bool {
        self.rank == dims.len() && self.kept() == dims
    }
}

impl fmt::Display for ReadShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rank > MAX_RANK {
            write!(f, "of rank {} (ending {:?})", self.rank, self.kept())
        } else {
            write!(f, "{:?}", self.kept())
        }
    }
}

impl<'de> Deserialize<'de> for ReadShape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ReadShape;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a shape: a sequence of extents")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReadShape, A::Error> {
                let mut s = ReadShape {
                    rank: 0,
                    last: [0; MAX_RANK],
                };
                while let Some(x) = seq.next_element::<usize>()? {
                    s.last.copy_within(1.., 0);
                    s.last[MAX_RANK - 1] = x;
                    s.rank += 1;
                }
                Ok(s)
            }
        }
        d.deserialize_seq(V)
    }
}

impl Serialize for Dims {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Dims {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[cfg(feature = "alloc")]
        {
            let v = alloc::vec::Vec::<usize>::deserialize(d)?;
            Ok(Dims::new(&v))
        }
        #[cfg(not(feature = "alloc"))]
        {
            // Without `alloc` a `Dims` keeps the last `MAX_RANK` extents, as `Dims::new` does.
            ReadShape::deserialize(d).map(|s| Dims::new(s.kept()))
        }
    }
}

/// Serialises the shape and the elements of a tensor; `elements` yields them in row-major order.
pub(crate) fn serialize_tensor<'t, T, I, Z>(
    s: Z,
    shape: &[usize],
    elements: impl Fn() -> I,
) -> Result<Z::Ok, Z::Error>
where
    T: Serialize + 't,
    I: Iterator<Item = &'t T>,
    Z: Serializer,
{
    struct Elements<F>(F);
    impl<'t, T: Serialize + 't, I: Iterator<Item = &'t T>, F: Fn() -> I> Serialize for Elements<F> {
        fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
            s.collect_seq((self.0)())
        }
    }
    let mut st = s.serialize_struct("Tensor", 2)?;
    st.serialize_field("shape", shape)?;
    st.serialize_field("data", &Elements(elements))?;
    st.end()
}

impl<T: Serialize, S: Shape> Serialize for Tensor<T, S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        serialize_tensor(s, self.shape(), || self.iter())
    }
}

/// Reads exactly `S::NUM` elements into a static tensor.
struct StaticData<T, S>(PhantomData<(T, S)>);

impl<'de, T: Deserialize<'de>, S: Shape> DeserializeSeed<'de> for StaticData<T, S> {
    type Value = Tensor<T, S>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Tensor<T, S>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>, S: Shape> Visitor<'de> for StaticData<T, S> {
    type Value = Tensor<T, S>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} elements of shape {:?}", S::NUM, S::dims())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tensor<T, S>, A::Error> {
        let t = Tensor::try_from_flat_fn(|i| {
            seq.next_element::<T>()?
                .ok_or_else(|| de::Error::invalid_length(i, &self))
        })?;
        let mut extra = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            extra += 1;
        }
        if extra > 0 {
            return Err(de::Error::invalid_length(S::NUM + extra, &self));
        }
        Ok(t)
    }
}

impl<'de, T: Deserialize<'de>, S: Shape> Deserialize<'de> for Tensor<T, S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T, S>(PhantomData<(T, S)>);
        impl<T, S: Shape> V<T, S> {
            fn check<E: de::Error>(shape: Option<ReadShape>) -> Result<(), E> {
                let shape = shape.ok_or_else(|| de::Error::missing_field("shape"))?;
                if shape.is(S::dims()) {
                    return Ok(());
                }
                Err(de::Error::custom(format_args!(
                    "expected a tensor of shape {:?}, found shape {}; read it as a DynTensor \
                     to accept any shape",
                    S::dims(),
                    shape
                )))
            }
        }
        impl<'de, T: Deserialize<'de>, S: Shape> Visitor<'de> for V<T, S> {
            type Value = Tensor<T, S>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a tensor of shape {:?}", S::dims())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let shape = seq.next_element::<ReadShape>()?;
                Self::check(shape)?;
                seq.next_element_seed(StaticData::<T, S>(PhantomData))?
                    .ok_or_else(|| de::Error::missing_field("data"))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let (mut shape, mut data) = (None, None);
                while let Some(key) = map.next_key::<Field>()? {
                    match key {
                        Field::Shape => shape = Some(map.next_value::<ReadShape>()?),
                        Field::Data => {
                            data = Some(map.next_value_seed(StaticData::<T, S>(PhantomData))?)
                        }
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Self::check(shape)?;
                data.ok_or_else(|| de::Error::missing_field("data"))
            }
        }
        d.deserialize_struct("Tensor", FIELDS, V(PhantomData))
    }
}

#[cfg(feature = "alloc")]
mod dynamic {
    use alloc::vec::Vec;
    use core::fmt;
    use core::marker::PhantomData;

    use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    use serde::{Deserialize, Serialize, Serializer};

    use super::{FIELDS, Field, serialize_tensor};
    use crate::{DynTensor, DynView};

    impl<T: Serialize> Serialize for DynTensor<T> {
        fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
            serialize_tensor(s, self.shape(), || self.iter())
        }
    }

    /// A view serialises as the tensor it shows (its elements in logical order), and reads
    /// back as a [`DynTensor`].
    impl<T: Serialize> Serialize for DynView<'_, T> {
        fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
            serialize_tensor(s, self.shape(), || self.iter())
        }
    }

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for DynTensor<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V<T>(PhantomData<T>);
            fn build<T, E: de::Error>(
                shape: Option<Vec<usize>>,
                data: Option<Vec<T>>,
            ) -> Result<DynTensor<T>, E> {
                let shape = shape.ok_or_else(|| de::Error::missing_field("shape"))?;
                let data = data.ok_or_else(|| de::Error::missing_field("data"))?;
                DynTensor::from_shape_vec(&shape, data).map_err(de::Error::custom)
            }
            impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
                type Value = DynTensor<T>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a tensor: its shape and its elements in row-major order")
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                    let shape = seq.next_element()?;
                    let data = seq.next_element()?;
                    build(shape, data)
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                    let (mut shape, mut data) = (None, None);
                    while let Some(key) = map.next_key::<Field>()? {
                        match key {
                            Field::Shape => shape = Some(map.next_value()?),
                            Field::Data => data = Some(map.next_value()?),
                            Field::Other => {
                                map.next_value::<IgnoredAny>()?;
                            }
                        }
                    }
                    build(shape, data)
                }
            }
            d.deserialize_struct("Tensor", FIELDS, V(PhantomData))
        }
    }
}
